import Storage

public struct Article {}
