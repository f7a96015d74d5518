import Greeter
