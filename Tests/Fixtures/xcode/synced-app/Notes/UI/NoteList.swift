import SwiftUI

struct NoteList: View {
    let service: SyncService
    var body: some View { List(service.notes) { Text($0.text) } }
}
