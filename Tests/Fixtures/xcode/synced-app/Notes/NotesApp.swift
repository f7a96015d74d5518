import SwiftUI

@main
struct NotesApp: App {
    var body: some Scene {
        WindowGroup { NoteList(service: SyncService(store: NoteStore())) }
    }
}
