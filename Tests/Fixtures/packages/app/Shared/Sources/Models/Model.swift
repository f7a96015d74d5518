public enum Model {
    public static let name = "model"
}
