import AppCore

public struct ProfileScreen {
    public init() {}
}
