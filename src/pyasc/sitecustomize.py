# ascstep's routing of pyasc (docs/format.md §14), put first on PYTHONPATH by `ascstep py`.
# pyasc's own code generation runs untouched; its compile step keeps the Ascend C it generated
# instead of calling bisheng, and its launch runs that C++ on ascstep (a binding program,
# docs/format.md §12.2, with the numpy arrays as global memory) instead of CANN's runtime.
# Nothing here runs unless ASCSTEP_EXE names the ascstep that started Python.
import os
import sys

if os.environ.get("ASCSTEP_EXE"):
    import importlib.abc
    import importlib.machinery

    class _Patch(importlib.abc.MetaPathFinder):
        """Patches pyasc's runtime modules right after they are first executed."""

        targets = {"asc.lib.runtime.state", "asc.runtime.compiler", "asc.runtime.launcher"}

        def find_spec(self, fullname, path, target=None):
            if fullname not in self.targets:
                return None
            for finder in sys.meta_path:
                if finder is self:
                    continue
                spec = finder.find_spec(fullname, path, target) if hasattr(finder, "find_spec") else None
                if spec is not None:
                    break
            else:
                return None
            loader = spec.loader
            original = loader.exec_module

            def exec_module(module):
                original(module)
                import ascstep_pyasc

                ascstep_pyasc.patch(fullname, module)

            loader.exec_module = exec_module
            return spec

    sys.meta_path.insert(0, _Patch())

# A user's own sitecustomize further along the path still runs.
_here = os.path.dirname(os.path.abspath(__file__))
for _p in sys.path:
    if os.path.abspath(_p or ".") != _here and os.path.isfile(os.path.join(_p or ".", "sitecustomize.py")):
        import importlib.util as _u

        _spec = _u.spec_from_file_location("_user_sitecustomize", os.path.join(_p or ".", "sitecustomize.py"))
        if _spec and _spec.loader:
            _spec.loader.exec_module(_u.module_from_spec(_spec))
        break
