import Foundation

enum Environment {
    static let apiHost = "api.example.com"
}
