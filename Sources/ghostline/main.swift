import Ghostline
