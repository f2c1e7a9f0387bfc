import Foundation
import Support
import Testing
@testable import GroupIcon

@Suite struct MemoryBudgetTests {
    /// Polls `condition` (up to about 10 s).
    private func eventually(_ condition: () async -> Bool) async -> Bool {
        for _ in 0..<2000 {
            if await condition() { return true }
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        return false
    }

    @Test func waitsUntilEnoughIsReleasedAndServesInOrder() async throws {
        let budget = MemoryBudget(limit: 100)
        #expect(try await budget.reserve(60) == 60)
        let order = LockedState<[Int]>([])
        let large = Task { let amount = try await budget.reserve(70); order.withLock { $0.append(70) }; return amount }
        #expect(await eventually { budget.reserved == 60 })
        // A small request that would fit must still queue behind the large one, or that one could starve.
        let small = Task { let amount = try await budget.reserve(10); order.withLock { $0.append(10) }; return amount }
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(order.withLock { $0 }.isEmpty && budget.reserved == 60)
        budget.release(60)
        #expect(try await large.value == 70)
        #expect(try await small.value == 10)
        #expect(order.withLock { $0 } == [70, 10])
        #expect(budget.reserved == 80 && budget.peakReserved == 80)
        budget.release(80)
        #expect(budget.reserved == 0)
    }

    @Test func aRequestLargerThanTheBudgetRunsAlone() async throws {
        let budget = MemoryBudget(limit: 100)
        #expect(try await budget.reserve(5000) == 100)
        let next = Task { try await budget.reserve(1) }
        try await Task.sleep(nanoseconds: 30_000_000)
        #expect(budget.reserved == 100)
        budget.release(100)
        #expect(try await next.value == 1)
    }

    @Test func aCancelledWaitReservesNothingAndUnblocksOthers() async throws {
        let budget = MemoryBudget(limit: 100)
        _ = try await budget.reserve(90)
        let blocked = Task { try await budget.reserve(50) }
        let behind = Task { try await budget.reserve(5) }
        try await Task.sleep(nanoseconds: 30_000_000)
        blocked.cancel()
        await #expect(throws: CancellationError.self) { try await blocked.value }
        #expect(try await behind.value == 5)
        #expect(budget.reserved == 95)
    }

    @Test func theDefaultIsAQuarterOfTheMachine() {
        #expect(MemoryBudget.defaultLimit >= 256 << 20)
    }
}
