import KitModels

public struct Cart {}
