import Models
