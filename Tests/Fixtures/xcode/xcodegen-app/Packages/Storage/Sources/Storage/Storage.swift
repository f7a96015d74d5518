public enum Storage {}
