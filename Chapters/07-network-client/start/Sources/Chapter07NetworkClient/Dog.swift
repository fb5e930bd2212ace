// Dog will live here. The first step's test asks for it.
