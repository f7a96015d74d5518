import SwiftUI
import Forecast

struct ForecastView: View {
    var body: some View { Text(ForecastService().summary) }
}
