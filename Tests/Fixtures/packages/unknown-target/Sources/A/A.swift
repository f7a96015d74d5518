public let a = 1
