import KitCore
import Lottie
import SwiftUI

@main
struct ReaderApp: App {
    var body: some Scene { WindowGroup { FeedView() } }
}
