public enum Z {}
