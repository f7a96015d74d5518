import SwiftUI

public enum Palette {}
