//! Says hello to someone.
//!
//! The explanation is not part of the code shown.

import Greeter

// snippet.hide
let setupDetail = "not shown"
// snippet.show

// snippet.greet
    let greeter = Greeter()
    print(greeter.greet("Ada"))
// snippet.end

print("done")
