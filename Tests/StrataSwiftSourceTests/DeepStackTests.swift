import Foundation
import Testing

@testable import StrataSwiftSource

/// swift-syntax's recursion gets 8 MiB of stack wherever it is called from: macOS gives
/// dispatch's and Swift concurrency's threads 512 KiB, which these tests make on Linux.
@Suite struct DeepStackTests {
    struct Failure: Error, Equatable {}

    /// `body` on a new thread with `kib` KiB of stack, waited for.
    static func onThread<T: Sendable>(stackKiB kib: Int, _ body: @escaping @Sendable () -> T) -> T {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = kib * 1024
        thread.start()
        done.wait()
        return box.value!
    }

    final class Box<T>: @unchecked Sendable {
        var value: T?
    }

    @Test func aSmallStackIsLeftForOneOfEightMiB() {
        let (before, inside) = Self.onThread(stackKiB: 512) {
            (DeepStack.currentStackSize() ?? 0, DeepStack.run { DeepStack.currentStackSize() ?? 0 })
        }
        #expect(before < DeepStack.size / 2)
        #expect(inside >= DeepStack.size)
    }

    @Test func aLargeStackIsKept() {
        let (outside, inside) = Self.onThread(stackKiB: 8192) {
            (Thread.current.description, DeepStack.run { Thread.current.description })
        }
        #expect(outside == inside)
    }

    @Test func errorsAndValuesComeBack() {
        let thrown = Self.onThread(stackKiB: 512) { () -> Failure? in
            do throws(Failure) {
                try DeepStack.run { () throws(Failure) in throw Failure() }
                return nil
            } catch {
                return error
            }
        }
        #expect(thrown == Failure())
        #expect(Self.onThread(stackKiB: 512) { DeepStack.run { 42 } } == 42)
    }

    /// 63 nested generics, within the reading limits, overflowed 512 KiB in a debug build.
    @Test func aFileWithinTheLimitsIsReadOnASmallStack() {
        let text =
            "public let x: " + String(repeating: "Array<", count: 63) + "Int"
            + String(repeating: ">", count: 63) + " = []\n"
        let names = Self.onThread(stackKiB: 512) {
            SymbolExtractor().symbols(in: text, path: "A.swift").diagnostics.count
                + APIExtractor().api(in: text, path: "A.swift").diagnostics.count
        }
        #expect(names == 0)
    }
}
