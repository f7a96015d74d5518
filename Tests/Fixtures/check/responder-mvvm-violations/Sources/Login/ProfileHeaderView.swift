import SwiftUI

struct ProfileHeaderView: View {
    @StateObject var model: ViewModel

    var body: some View { Text(model.title) }
}
