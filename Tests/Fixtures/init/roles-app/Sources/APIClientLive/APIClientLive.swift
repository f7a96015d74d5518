import APIClient

public struct APIClientLiveMarker { public init() {} }
