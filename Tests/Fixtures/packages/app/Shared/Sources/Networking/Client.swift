@_exported import Models

public struct Client {}
