package convencional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

import java.util.Map;

/** Every error as {@code {"erro": ...}}, as the service answers; an unexpected one is a logged 500. */
@RestControllerAdvice
class Erros {

    private static final Logger LOG = LoggerFactory.getLogger(Erros.class);

    @ExceptionHandler(Erro.class)
    ResponseEntity<Map<String, String>> erro(Erro e) {
        return ResponseEntity.status(e.status).body(Map.of("erro", e.getMessage()));
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<Map<String, String>> corpo(HttpMessageNotReadableException e) {
        return ResponseEntity.badRequest().body(Map.of("erro", "Corpo JSON inválido"));
    }

    @ExceptionHandler({MethodArgumentTypeMismatchException.class, MissingServletRequestParameterException.class})
    ResponseEntity<Map<String, String>> parametro(Exception e) {
        return ResponseEntity.badRequest().body(Map.of("erro", "Parâmetro inválido"));
    }

    @ExceptionHandler(NoResourceFoundException.class)
    ResponseEntity<Map<String, String>> inexistente(NoResourceFoundException e) {
        return ResponseEntity.status(404).body(Map.of("erro", "Recurso não encontrado"));
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<Map<String, String>> inesperado(Exception e) {
        LOG.error("Erro inesperado", e);
        return ResponseEntity.internalServerError().body(Map.of("erro", "Erro interno"));
    }
}
