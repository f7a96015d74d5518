import Core
import UIKit

public enum TouchSupport {}
