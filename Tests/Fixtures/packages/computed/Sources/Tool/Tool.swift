import Core

public let tool = core + 1
