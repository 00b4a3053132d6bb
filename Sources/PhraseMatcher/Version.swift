public enum PhraseMatcherVersion { public static let string = "0.1.0" }
