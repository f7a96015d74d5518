import KitCore
import WidgetKit
