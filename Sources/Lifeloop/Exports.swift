// `import Lifeloop` is all an app needs: the loop core comes with it.
@_exported import LifeloopCore
