import Core
import Glibc

public enum LinuxSupport {}
