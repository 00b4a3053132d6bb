/// The shape of one Moonshine recogniser's networks, as its ONNX graphs
/// declare them: what the transcriber feeds them and expects back.
struct MoonshineShape: Sendable {
    /// Decoder layers, each with its own cache of keys and values.
    let layers: Int
    let heads: Int
    let headWidth: Int
    /// Numbers per encoder frame.
    let encoderWidth: Int
    /// Whether both networks take an attention mask over the samples.
    let takesMasks: Bool
    /// Whether the end token must be barred from the first step
    /// (`MoonshineTranscriber.barsEmptyTranscript`).
    let endsTooEarly: Bool

    static func of(_ hearing: NeuralHearing) -> MoonshineShape {
        switch hearing {
        case .tiny: MoonshineShape(layers: 6, heads: 8, headWidth: 36, encoderWidth: 288, takesMasks: true, endsTooEarly: false)
        case .base: MoonshineShape(layers: 8, heads: 8, headWidth: 52, encoderWidth: 416, takesMasks: false, endsTooEarly: true)
        }
    }
}
