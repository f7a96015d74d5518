import Foundation

let sharedFormatter = DateFormatter()
