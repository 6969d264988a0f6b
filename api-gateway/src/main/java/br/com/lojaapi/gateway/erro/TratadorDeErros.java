package br.com.lojaapi.gateway.erro;

import br.com.lojaapi.command.comum.ConflitoPersistenteException;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.gateway.banco.ConexoesRoteadas;
import com.fasterxml.jackson.core.JsonProcessingException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.ConstraintViolationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.validation.FieldError;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingRequestHeaderException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;
import org.springframework.web.util.DisconnectedClientHelper;

import java.sql.SQLException;
import java.util.Comparator;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The one mapping from failures to HTTP: every error is {@code {erro}} (plus documented extra fields) with a
 * message that says what to fix. Messages are written here, never copied from exceptions, so no class name, SQL
 * or stack trace can reach a client.
 */
@RestControllerAdvice
public class TratadorDeErros {

    private static final Logger log = LoggerFactory.getLogger(TratadorDeErros.class);

    private final FalhasDoBanco banco;

    TratadorDeErros(FalhasDoBanco banco) {
        this.banco = banco;
    }

    @ExceptionHandler(ErroDeNegocio.class)
    ResponseEntity<Object> negocio(ErroDeNegocio erro) {
        HttpStatus status = switch (erro.codigo()) {
            case INVALIDO -> HttpStatus.BAD_REQUEST;
            case NAO_ENCONTRADO -> HttpStatus.NOT_FOUND;
            case CONFLITO -> HttpStatus.CONFLICT;
            case VERSAO_DIVERGENTE -> HttpStatus.PRECONDITION_FAILED;
        };
        return RespostasDeErro.entidade(status, erro.getMessage(), erro.detalhes());
    }

    @ExceptionHandler(MethodArgumentNotValidException.class)
    ResponseEntity<Object> corpoInvalido(MethodArgumentNotValidException erro) {
        String mensagem = erro.getBindingResult().getFieldErrors().stream()
                              .sorted(Comparator.comparing(FieldError::getField))
                              .map(campo -> campo.getDefaultMessage() != null && campo.getDefaultMessage().contains(campo.getField())
                                      ? campo.getDefaultMessage()
                                      : campo.getField() + ": " + campo.getDefaultMessage())
                              .distinct()
                              .collect(Collectors.joining("; "));
        return RespostasDeErro.entidade(HttpStatus.BAD_REQUEST, mensagem.isEmpty() ? "Corpo inválido" : mensagem);
    }

    @ExceptionHandler(HandlerMethodValidationException.class)
    ResponseEntity<Object> parametroInvalido(HandlerMethodValidationException erro) {
        String mensagem = erro.getAllErrors().stream()
                              .map(org.springframework.context.MessageSourceResolvable::getDefaultMessage)
                              .filter(Objects::nonNull)
                              .sorted()
                              .collect(Collectors.joining("; "));
        return RespostasDeErro.entidade(HttpStatus.BAD_REQUEST, mensagem.isEmpty() ? "Parâmetros inválidos" : mensagem);
    }

    @ExceptionHandler(ConstraintViolationException.class)
    ResponseEntity<Object> restricao(ConstraintViolationException erro) {
        String mensagem = erro.getConstraintViolations().stream()
                              .map(v -> v.getMessage())
                              .sorted()
                              .collect(Collectors.joining("; "));
        return RespostasDeErro.entidade(HttpStatus.BAD_REQUEST, mensagem);
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<Object> corpoIlegivel(HttpMessageNotReadableException erro) {
        Throwable causa = erro.getCause();
        while (causa != null) {
            if (causa instanceof CorpoGrandeDemaisException grande) {
                return corpoGrande(grande.limite());
            }
            causa = causa.getCause() == causa ? null : causa.getCause();
        }
        return RespostasDeErro.entidade(HttpStatus.BAD_REQUEST, MensagensDeJson.mensagem(erro.getCause()),
                MensagensDeJson.indiceDoLote(erro.getCause()));
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<Object> tipoDeParametro(MethodArgumentTypeMismatchException erro) {
        return RespostasDeErro.entidade(HttpStatus.BAD_REQUEST,
                "Parâmetro '" + erro.getName() + "' inválido: esperado " + MensagensDeJson.tipo(erro.getRequiredType()));
    }

    @ExceptionHandler(MissingServletRequestParameterException.class)
    ResponseEntity<Object> parametroAusente(MissingServletRequestParameterException erro) {
        return RespostasDeErro.entidade(HttpStatus.BAD_REQUEST, "Informe o parâmetro '" + erro.getParameterName() + "'");
    }

    @ExceptionHandler(MissingRequestHeaderException.class)
    ResponseEntity<Object> cabecalhoAusente(MissingRequestHeaderException erro) {
        return RespostasDeErro.entidade(HttpStatus.BAD_REQUEST, "Informe o cabeçalho '" + erro.getHeaderName() + "'");
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<Object> metodo(HttpRequestMethodNotSupportedException erro, HttpServletRequest requisicao) {
        String permitidos = erro.getSupportedHttpMethods() == null ? "" : erro.getSupportedHttpMethods().stream()
                .map(Object::toString).sorted().collect(Collectors.joining(", "));
        ResponseEntity.BodyBuilder resposta = ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED)
                                                            .contentType(MediaType.APPLICATION_JSON);
        if (!permitidos.isEmpty()) {
            resposta.header(HttpHeaders.ALLOW, permitidos);
        }
        return resposta.body(RespostasDeErro.corpo("Método " + requisicao.getMethod() + " não é aceito em "
                + requisicao.getRequestURI() + (permitidos.isEmpty() ? "" : "; use " + permitidos), java.util.Map.of()));
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<Object> tipoDeConteudo(HttpMediaTypeNotSupportedException erro) {
        String aceitos = erro.getSupportedMediaTypes().stream()
                             .map(MediaType::toString)
                             .filter(t -> !t.contains("*"))
                             .distinct()
                             .collect(Collectors.joining(", "));
        String enviado = erro.getContentType() == null ? "ausente" : "'" + erro.getContentType() + "'";
        return RespostasDeErro.entidade(HttpStatus.UNSUPPORTED_MEDIA_TYPE,
                "Content-Type " + enviado + " não é aceito aqui; envie " + (aceitos.isEmpty() ? "application/json" : aceitos));
    }

    @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
    ResponseEntity<Object> aceitacao(HttpMediaTypeNotAcceptableException erro) {
        return RespostasDeErro.entidade(HttpStatus.NOT_ACCEPTABLE, RespostasDeErro.mensagemPadrao(406));
    }

    @ExceptionHandler({NoResourceFoundException.class, NoHandlerFoundException.class})
    ResponseEntity<Object> rota(HttpServletRequest requisicao) {
        return RespostasDeErro.entidade(HttpStatus.NOT_FOUND,
                "Endereço não encontrado: " + requisicao.getMethod() + " " + requisicao.getRequestURI());
    }

    @ExceptionHandler(MaxUploadSizeExceededException.class)
    ResponseEntity<Object> uploadGrande(MaxUploadSizeExceededException erro) {
        return corpoGrande(erro.getMaxUploadSize());
    }

    @ExceptionHandler(CorpoGrandeDemaisException.class)
    ResponseEntity<Object> corpoGrandeDemais(CorpoGrandeDemaisException erro) {
        return corpoGrande(erro.limite());
    }

    @ExceptionHandler(ArquivoGrandeDemaisException.class)
    ResponseEntity<Object> arquivoGrande(ArquivoGrandeDemaisException erro) {
        return RespostasDeErro.entidade(HttpStatus.PAYLOAD_TOO_LARGE, erro.getMessage());
    }

    /** A multipart body that cannot be parsed (no boundary, cut short...), or one the body limit cut off. */
    @ExceptionHandler(MultipartException.class)
    ResponseEntity<Object> multipart(MultipartException erro) {
        for (Throwable causa = erro; causa != null; causa = causa.getCause() == causa ? null : causa.getCause()) {
            if (causa instanceof CorpoGrandeDemaisException grande) {
                return corpoGrande(grande.limite());
            }
        }
        return RespostasDeErro.entidade(HttpStatus.BAD_REQUEST, "Corpo multipart/form-data inválido: confira o "
                + "boundary do Content-Type e as partes enviadas");
    }

    /** A header or parameter the firewall refuses when a controller reads it (a control character, say). */
    @ExceptionHandler(RequestRejectedException.class)
    ResponseEntity<Object> recusadaPeloFirewall() {
        return RespostasDeErro.entidade(HttpStatus.BAD_REQUEST, RespostasDeErro.RECUSADA_PELO_FIREWALL);
    }

    @ExceptionHandler(ConflitoPersistenteException.class)
    ResponseEntity<Object> conflitoPersistente() {
        return RespostasDeErro.indisponivel("O recurso está sendo alterado por outras requisições ao mesmo tempo; "
                + "tente de novo em instantes");
    }

    /**
     * Anything else: nothing when the client has gone, 503 when it is the database being out of reach (see
     * {@link FalhasDoBanco}), else a bug.
     */
    @ExceptionHandler(Exception.class)
    ResponseEntity<Object> qualquer(Exception erro, HttpServletRequest requisicao) {
        // The client closed the connection while the answer was being written (a load tester stopping, a closed
        // tab, a timeout on its side): Tomcat's ClientAbortException, Spring's AsyncRequestNotUsableException, a
        // broken pipe or a reset. Nothing to fix here and nobody to answer, so no log above DEBUG and no body: null
        // tells Spring the request is handled.
        if (clienteSaiu(erro)) {
            log.debug("Cliente desconectou durante {} {}: {}", requisicao.getMethod(), requisicao.getRequestURI(),
                    erro.toString());
            return null;
        }
        return inesperado(erro, requisicao);
    }

    /**
     * Spring's reading of a client that went away (exception types and "broken pipe" / "connection reset by peer"
     * in the deepest cause), except when the database's connection is what broke: that one is ours to report.
     */
    static boolean clienteSaiu(Throwable erro) {
        for (Throwable causa = erro; causa != null; causa = causa.getCause() == causa ? null : causa.getCause()) {
            if (causa instanceof SQLException) {
                return false;
            }
        }
        return DisconnectedClientHelper.isClientDisconnectedException(erro);
    }

    private ResponseEntity<Object> inesperado(Exception erro, HttpServletRequest requisicao) {
        if (ConexoesRoteadas.emReplica()) {
            // A read on a read replica (decision 074): the replica is left out and the read served again from the
            // primary, whose answer the client gets; nothing to report from here, and the primary is not the one
            // to probe.
            log.debug("Leitura em réplica falhou em {} {}; será refeita no primário", requisicao.getMethod(),
                    requisicao.getRequestURI(), erro);
            return RespostasDeErro.entidade(HttpStatus.INTERNAL_SERVER_ERROR, RespostasDeErro.mensagemPadrao(500));
        }
        Optional<String> semBanco = banco.mensagem(erro);
        if (semBanco.isPresent()) {
            return RespostasDeErro.indisponivel(semBanco.get());
        }
        log.error("Erro inesperado em {} {}", requisicao.getMethod(), requisicao.getRequestURI(), erro);
        return RespostasDeErro.entidade(HttpStatus.INTERNAL_SERVER_ERROR, RespostasDeErro.mensagemPadrao(500));
    }

    /**
     * The answer {@code erro} would get had it ended a request of its own, by the handlers above: for batches that
     * report each element's outcome inside one 200 (POST /produtos/lote). A JSON mapping failure is told as the
     * body's would be.
     */
    public ResponseEntity<Object> comoResposta(Exception erro, HttpServletRequest requisicao) {
        ErroDeNegocio negocio = ErroDeNegocio.naCausa(erro);
        if (negocio != null) {
            return negocio(negocio);
        }
        if (erro instanceof JsonProcessingException json) {
            return RespostasDeErro.entidade(HttpStatus.BAD_REQUEST, MensagensDeJson.mensagem(json));
        }
        if (erro instanceof ConflitoPersistenteException) {
            return conflitoPersistente();
        }
        return inesperado(erro, requisicao);
    }

    static ResponseEntity<Object> corpoGrande(long limite) {
        String mensagem = limite > 0
                ? "Corpo da requisição acima do limite de " + limite + " bytes"
                : RespostasDeErro.mensagemPadrao(413);
        return RespostasDeErro.entidade(HttpStatus.PAYLOAD_TOO_LARGE, mensagem);
    }
}
