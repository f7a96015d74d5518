import Models
import SwiftUI

/// Displays a number fact, and nothing else.
struct NumberFactView: View {
    let numberFact: NumberFact

    var body: some View {
        VStack(alignment: .leading) {
            Text("\(numberFact.number)").font(.title)
            Text(numberFact.content)
        }
    }
}
