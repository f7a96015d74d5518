import Checkout
import KitUI
import Shop

print("shop")
