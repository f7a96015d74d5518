import KitUI

public struct Money {}
