import Storage
#if canImport(LinuxStorage)
import LinuxStorage
#endif
#if canImport(CryptoKit)
import CryptoKit
#else
import Crypto
#endif

public enum Sync {}
