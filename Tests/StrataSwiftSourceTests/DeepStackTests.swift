import Foundation
import Synchronization
import Testing

@testable import StrataCore
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

    @Test func workIsSharedByThreadsWithDeepStacksAndAMapInsideAMapStaysOnItsThread() {
        let seen = Mutex<[Int: Int]>([:])
        let stacks = Mutex<[Int]>([])
        let nested = Mutex<[Bool]>([])
        DeepStack.onThreads(3, iterations: 50) { index in
            seen.withLock { $0[index, default: 0] += 1 }
            stacks.withLock { $0.append(DeepStack.currentStackSize() ?? 0) }
            let outer = Thread.current.description
            DeepStack.onThreads(3, iterations: 2) { _ in
                nested.withLock { $0.append(Thread.current.description == outer) }
            }
        }
        #expect(seen.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0..<50).map { ($0, 1) }))
        #expect(stacks.withLock { $0.allSatisfy { $0 >= DeepStack.size } })
        #expect(nested.withLock { $0.count == 100 && $0.allSatisfy { $0 } })
        #expect(!DeepStack.isOwnThread)
    }

    @Test func aMapOnDeepStacksKeepsTheOrder() {
        let items = Array(0..<200)
        #expect(ParallelMap.onDeepStacks(items, order: nil) { $0 * 3 } == items.map { $0 * 3 })
        let order = ParallelMap.schedule(costs: items.map { $0 % 7 })
        #expect(ParallelMap.onDeepStacks(items, order: order) { "\($0)" } == items.map { "\($0)" })
        #expect(ParallelMap.onDeepStacks([Int](), order: nil) { $0 } == [])
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
