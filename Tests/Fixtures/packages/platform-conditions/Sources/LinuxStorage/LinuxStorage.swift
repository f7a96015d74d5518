import Storage

public struct LinuxStorage {
    public var base = Storage()
}
