import Charts
import Sentry
import SwiftUI

struct FeedView: View {
    var body: some View { Text("Feed") }
}
