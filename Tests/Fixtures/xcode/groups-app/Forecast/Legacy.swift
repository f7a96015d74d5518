// On disk, but in no target's Sources phase: Xcode does not compile it.
import UIKit
