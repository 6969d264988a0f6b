package br.com.lojaapi.command.comum;

import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.common.ReflectionUtils;
import org.axonframework.common.annotation.AnnotationUtils;
import org.axonframework.modelling.command.CommandTargetResolver;
import org.axonframework.modelling.command.TargetAggregateIdentifier;
import org.axonframework.modelling.command.TargetAggregateVersion;
import org.axonframework.modelling.command.VersionedAggregateIdentifier;
import org.springframework.stereotype.Component;

import java.lang.annotation.Annotation;
import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Which aggregate a command targets, found as Axon's {@code AnnotationCommandTargetResolver} finds it (the first
 * method, else the first field, annotated {@code @TargetAggregateIdentifier}, and likewise the version), with the
 * same refusals, but looking each command class over once. Axon's resolver scans the class's methods and fields by
 * reflection on every command: a tenth of what an order allocated (JFR, {@code bench/run.sh}). Axon's Spring
 * configuration gives a bean of this type to every aggregate.
 */
@Component
public class AlvosDosComandos implements CommandTargetResolver {

    /** How to read one annotated member of a command class; {@code NENHUM} when there is none. */
    private record Leitor(Method metodo, Field campo) {

        static final Leitor NENHUM = new Leitor(null, null);

        Object ler(Object comando) throws InvocationTargetException, IllegalAccessException {
            if (metodo != null) {
                return metodo.invoke(comando);
            }
            return campo == null ? null : campo.get(comando);
        }
    }

    private record Leitores(Leitor identificador, Leitor versao) {
    }

    private final ClassValue<Leitores> leitores = new ClassValue<>() {
        @Override
        protected Leitores computeValue(Class<?> tipo) {
            return new Leitores(leitor(tipo, TargetAggregateIdentifier.class), leitor(tipo, TargetAggregateVersion.class));
        }
    };

    @Override
    public VersionedAggregateIdentifier resolveTarget(CommandMessage<?> comando) {
        Object payload = comando.getPayload();
        Leitores daClasse = leitores.get(comando.getPayloadType());
        Object identificador;
        Long versao;
        try {
            identificador = daClasse.identificador().ler(payload);
            versao = comoLong(daClasse.versao().ler(payload));
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException("An exception occurred while extracting aggregate information form a command", e);
        } catch (IllegalAccessException e) {
            throw new IllegalArgumentException("The current security context does not allow extraction of aggregate "
                    + "information from the given command.", e);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("The value provided for the version is not a number.", e);
        }
        if (identificador == null) {
            throw new IllegalArgumentException(String.format("Invalid command. It does not identify the target "
                    + "aggregate. Make sure at least one of the fields or methods in the [%s] class contains the "
                    + "@TargetAggregateIdentifier annotation and that it returns a non-null value.",
                    comando.getPayloadType().getSimpleName()));
        }
        return new VersionedAggregateIdentifier(identificador, versao);
    }

    private static Leitor leitor(Class<?> tipo, Class<? extends Annotation> anotacao) {
        for (Method metodo : ReflectionUtils.methodsOf(tipo)) {
            if (AnnotationUtils.isAnnotationPresent(metodo, anotacao)) {
                return new Leitor(acessivel(metodo), null);
            }
        }
        for (Field campo : ReflectionUtils.fieldsOf(tipo)) {
            if (AnnotationUtils.isAnnotationPresent(campo, anotacao)) {
                return new Leitor(null, acessivel(campo));
            }
        }
        return Leitor.NENHUM;
    }

    private static <T extends AccessibleObject> T acessivel(T membro) {
        return ReflectionUtils.ensureAccessible(membro);
    }

    private static Long comoLong(Object valor) {
        if (valor == null) {
            return null;
        }
        if (valor instanceof Number numero) {
            return numero.longValue();
        }
        return Long.parseLong(valor.toString());
    }
}
