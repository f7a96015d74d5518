import Foundation

final class NoteStore {
    func load() -> [Note] { [] }
}
