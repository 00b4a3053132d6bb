/// Common English first names and surnames, for generated address books:
/// 200 × 500 give 100,000 different people whose names sound like real
/// ones (and are as confusable as real ones: "Jon" and "John").
enum CommonNames {
    static let first = """
        james mary john patricia robert jennifer michael linda william elizabeth david barbara richard susan joseph jessica \
        thomas sarah charles karen christopher nancy daniel lisa matthew betty anthony margaret mark sandra donald ashley \
        steven kimberly paul emily andrew donna joshua michelle kenneth carol kevin amanda brian dorothy george melissa \
        timothy deborah ronald stephanie edward rebecca jason sharon jeffrey laura ryan cynthia jacob kathleen gary amy \
        nicholas angela eric shirley jonathan anna stephen brenda larry pamela justin emma scott nicole brandon helen \
        benjamin samantha samuel katherine gregory christine alexander debra frank rachel patrick carolyn raymond janet \
        jack catherine dennis maria jerry heather tyler diane aaron ruth jose julie adam olivia nathan joyce henry virginia \
        douglas victoria zachary kelly peter lauren kyle christina ethan joan walter evelyn noah judith jeremy megan \
        christian andrea keith cheryl roger hannah terry jacqueline gerald martha harold gloria sean teresa austin ann \
        carl sara arthur madison lawrence frances dylan kathryn jesse janice jordan jean bryan abigail billy alice joe \
        julia bruce judy gabriel sophia logan grace albert denise willie amber alan doris juan marilyn wayne danielle \
        elijah beverly randy isabella roy theresa vincent diana ralph natalie eugene brittany russell charlotte bobby \
        marie mason kayla philip alexis louis lori
        """.split(separator: " ").map(String.init)

    static let last = """
        smith johnson williams brown jones garcia miller davis rodriguez martinez hernandez lopez gonzalez wilson \
        anderson thomas taylor moore jackson martin lee perez thompson white harris sanchez clark ramirez lewis robinson \
        walker young allen king wright scott torres nguyen hill flores green adams nelson baker hall rivera campbell \
        mitchell carter roberts gomez phillips evans turner diaz parker cruz edwards collins reyes stewart morris morales \
        murphy cook rogers gutierrez ortiz morgan cooper peterson bailey reed kelly howard ramos kim cox ward richardson \
        watson brooks chavez wood james bennett gray mendoza ruiz hughes price alvarez castillo sanders patel myers long \
        ross foster jimenez powell jenkins perry russell sullivan bell coleman butler henderson barnes gonzales fisher \
        vasquez simmons romero jordan patterson alexander hamilton graham reynolds griffin wallace moreno west cole \
        hayes bryant herrera gibson ellis tran medina aguilar stevens murray ford castro marshall owens harrison \
        fernandez mcdonald woods washington kennedy wells vargas henry chen freeman webb tucker guzman burns crawford \
        olson simpson porter hunter gordon mendez silva shaw snyder mason dixon munoz hunt hicks holmes palmer wagner \
        black robertson boyd rose stone salazar fox warren mills meyer rice schmidt garza daniels ferguson nichols \
        stephens soto weaver ryan gardner payne grant dunn kelley spencer hawkins arnold pierce vazquez hansen peters \
        santos hart bradley knight elliott cunningham duncan armstrong hudson carroll lane riley andrews alvarado ray \
        delgado berry perkins hoffman johnston matthews pena richards contreras willis carpenter lawrence sandoval \
        guerrero george chapman rios estrada ortega watkins greene nunez wheeler valdez harper burke larson santiago \
        maldonado morrison franklin carlson austin dominguez carr lawson jacobs obrien lynch singh vega bishop montgomery \
        oliver jensen harvey williamson gilbert dean sims espinoza howell li wong reid hanson le mccoy garrett burton \
        fuller wang weber welch rojas lucas marquez fields park yang little banks padilla day walsh bowman schultz luna \
        fowler mejia davidson acosta brewer may holland juarez newman pearson curtis cortez douglas schneider joseph \
        barrett navarro figueroa keller avila wade molina stanley hopkins campos barnett bates chambers caldwell beck \
        lambert miranda byrd craig ayala lowe frazier powers neal leonard gregory carrillo sutton fleming rhodes shelton \
        schwartz norris jennings watts duran walters cohen mcdaniel moran parks steele vaughn becker holt deleon barker \
        terry hale leon hail benson haynes horton miles lyons pham graves bush thornton wolfe warner cabrera mckinney \
        mann zimmerman dawson lara fletcher page mccarthy love robles cervantes solis erickson reeves chang klein \
        salinas fuentes baldwin daniel simon velasquez hardy higgins aguirre lin cummings chandler sharp barber bowen \
        ochoa dennis robbins liu ramsey francis griffith paul blair oconnor cardenas pacheco cross calderon quinn moss \
        swanson chan rivas khan rodgers serrano fitzgerald rosales stevenson christensen manning gill curry mclaughlin \
        harmon mcgee gross doyle garner newton burgess reese walton blake trujillo adkins brady goodman roman webster \
        goodwin fischer huang potter delacruz montoya todd wu hines mullins castaneda malone cannon tate mack sherman \
        hubbard hodges zhang guerra wolf valencia saunders franco rowe gallagher farmer hammond hampton townsend ingram \
        wise gallegos clarke barton schroeder maxwell waters logan camacho strickland norman person colon parsons frank \
        harrington glover osborne buchanan casey floyd patton ibarra ball tyler suarez bowers orozco salas cobb gibbs \
        andrade bauer conner moody escobar mcguire lloyd mueller hartman french kramer mcbride pope lindsey velazquez \
        norton mccormick sparks flynn yates hogan marsh macias villanueva zamora pratt stokes owen ballard lang brock \
        villarreal charles drake barrera cain patrick pineda burnett mercado santana shepherd bautista ali shaffer \
        lamb trevino mckenzie hess beil
        """.split(separator: " ").map(String.init)

    /// Middle names that tell apart the people past the first 100,000.
    static let middle = "ann lee may rose jay ray lynn dean jo kay".split(separator: " ").map(String.init)
}
