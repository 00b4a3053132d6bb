// flite's CMU lexicon and its letter-to-sound rules (Debian's flite1-dev),
// for pronunciations of words PocketSphinx's dictionary lacks.
#include <flite/cst_lexicon.h>
#include <flite/cst_val.h>

// libflite_cmulex's constructor, which flite1-dev exports but declares in no
// installed header: it returns the library's one static CMU lexicon.
cst_lexicon *cmu_lex_init(void);
