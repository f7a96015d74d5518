import Models

public let samplePost = Post(title: "Hello")
