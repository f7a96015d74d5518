import WidgetKit
import SwiftUI

struct NotesWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Notes", provider: Provider()) { _ in Text("Notes") }
    }
}
