import Foundation

let previewNotes = [Note(id: UUID(), text: "Preview")]
