import Foundation
import StrataCLI

exit(await StrataCommand.execute())
