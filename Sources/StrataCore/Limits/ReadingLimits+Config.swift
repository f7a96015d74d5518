extension ReadingLimits {
    /// The config readers' limits, in the order the limits page lists them.
    package static var configLimits: [ReadingLimit] { [yamlValues, configLayers, configNameBytes] }

    /// Values in one YAML document once Yams has put each alias's anchored value in its
    /// place: a kilobyte of aliases of aliases ("billion laughs") expands to billions, and no
    /// configuration or front matter comes near this.
    package static let yamlValues = ReadingLimit(
        "yaml", .tooLarge, maximum: 100_000, counts: "values once aliases are expanded")

    /// Layers in `strata.yml`: real projects declare a handful; each layer is a page, a row
    /// and a column of the layer matrix, and a box in the diagrams.
    package static let configLayers = ReadingLimit("config", .tooLarge, maximum: 1_000, counts: "layers")

    /// Bytes in a layer's name: its page's file is named after it, and file systems refuse
    /// names past 255 bytes.
    package static let configNameBytes = ReadingLimit(
        "config", .tooLarge, maximum: 200, counts: "bytes in a layer's name")
}
