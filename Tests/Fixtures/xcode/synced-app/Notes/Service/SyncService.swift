import Foundation

struct SyncService {
    let store: NoteStore
    var notes: [Note] { store.load() }
}
