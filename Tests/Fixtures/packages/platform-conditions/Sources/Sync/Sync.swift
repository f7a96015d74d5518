import Storage
#if canImport(LinuxStorage)
import LinuxStorage
#endif
#if canImport(CryptoKit)
import CryptoKit
#else
import Crypto
#endif
// A flag only Linux builds set: Crypto is Sync's there alone, so elsewhere this is left out.
#if SYNC_FAST_HASHING
import Crypto
#endif

public enum Sync {}
