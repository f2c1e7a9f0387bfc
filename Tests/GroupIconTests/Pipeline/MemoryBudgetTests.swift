import FileSystem
import Foundation
import Support
import Testing

@testable import GroupIcon

/// The waiting requests start with `Task.immediate`: it runs `reserve` on the test's thread up to its first
/// suspension, so a request that does not fit is queued when the call returns (nothing waits for the pool to
/// start it).
@Suite struct MemoryBudgetTests {
    @Test func waitsUntilEnoughIsReleasedAndServesInOrder() async throws {
        let budget = MemoryBudget(limit: 100)
        #expect(try await budget.reserve(60) == 60)
        let order = LockedState<[Int]>([])
        let large = Task.immediate {
            let amount = try await budget.reserve(70)
            order.withLock { $0.append(70) }
            return amount
        }
        #expect(budget.waitingRequests == 1)
        // A small request that would fit must still queue behind the large one, or that one could starve.
        let small = Task.immediate {
            let amount = try await budget.reserve(10)
            order.withLock { $0.append(10) }
            return amount
        }
        #expect(budget.waitingRequests == 2)
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
        let next = Task.immediate { try await budget.reserve(1) }
        #expect(budget.waitingRequests == 1)
        #expect(budget.reserved == 100)
        budget.release(100)
        #expect(try await next.value == 1)
    }

    @Test func aCancelledWaitReservesNothingAndUnblocksOthers() async throws {
        let budget = MemoryBudget(limit: 100)
        _ = try await budget.reserve(90)
        let blocked = Task.immediate { try await budget.reserve(50) }
        #expect(budget.waitingRequests == 1)
        let behind = Task.immediate { try await budget.reserve(5) }
        #expect(budget.waitingRequests == 2)
        blocked.cancel()
        await #expect(throws: CancellationError.self) { try await blocked.value }
        #expect(try await behind.value == 5)
        #expect(budget.reserved == 95 && budget.waitingRequests == 0)
    }

    @Test func theDefaultIsAQuarterOfTheMachine() {
        #expect(MemoryBudget.defaultLimit(usableBytes: 16 << 30) == 4 << 30)
        #expect(MemoryBudget.defaultLimit(usableBytes: (3 << 30) + 4) == (768 << 20) + 1)
        // At least 256 MiB, and 1 GiB when the machine's memory cannot be found out.
        #expect(MemoryBudget.defaultLimit(usableBytes: 512 << 20) == 256 << 20)
        #expect(MemoryBudget.defaultLimit(usableBytes: nil) == 1 << 30)
        #expect(MemoryBudget.defaultLimit == MemoryBudget.defaultLimit(usableBytes: SystemMemory.usableBytes()))
    }
}
