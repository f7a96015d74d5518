/// Planted: a contract SwiftUI cannot observe (type rule).
protocol SettingsViewContract {
    var isOn: Bool { get }
}
